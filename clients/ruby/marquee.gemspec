# frozen_string_literal: true

require_relative 'lib/marquee/version'

Gem::Specification.new do |spec|
  spec.name = 'marquee-client'
  spec.version = Marquee::VERSION
  spec.summary = 'Client for the Marquee venue box office API (/v2)'
  spec.description = 'Typed errors, safe retries with idempotency keys, cursor iteration, and offline ' \
                     'verification of webhook signatures and ticket tokens.'
  spec.authors = ['Marquee']
  spec.license = 'Nonstandard'
  spec.required_ruby_version = '>= 3.1'
  spec.files = Dir['lib/**/*.rb'] + ['README.md']
  spec.require_paths = ['lib']
  # Debian 12: ruby-jwt, ruby-rbnacl (libsodium); tests: ruby-minitest, rake.
  spec.add_dependency 'jwt', '~> 2.5'
  spec.add_dependency 'rbnacl', '~> 7.1'
  spec.add_development_dependency 'minitest', '~> 5.17'
  spec.add_development_dependency 'rake', '~> 13.0'
end
